/** The delivery feature's public surface: mails and webhooks from a durable queue (docs/notifications.md). */

export { queueDailyDigests } from "./digest.service";
export { deliveryCtes } from "./enqueue.queries";
export { deleteOldDeliveries } from "./sender.queries";
export { mailIsOn, type Sender, smtpMailer, startSender } from "./sender.service";
