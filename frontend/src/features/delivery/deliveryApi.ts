import type {
  MailPreferencesDto,
  WebhookCreatedDto,
  WebhookDeliveryDto,
  WebhookDto,
} from "@zaiko/common/notifications/delivery.schema";
import { api } from "../../lib/api";

const PREFS = { type: "MailPreferences" as const, id: "MINE" };
const HOOKS = { type: "Webhook" as const, id: "LIST" };

/** The member's mail choices and the group's webhooks (docs/notifications.md, "E-mail", "Webhooks"). */
export const deliveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    mailPreferences: build.query<MailPreferencesDto, void>({
      query: () => "/api/mail-preferences/",
      providesTags: [PREFS],
    }),
    saveMailPreferences: build.mutation<MailPreferencesDto, { kinds: string[]; digest: boolean }>({
      query: (body) => ({ url: "/api/mail-preferences/", method: "PUT", body }),
      invalidatesTags: [PREFS],
    }),
    webhooks: build.query<WebhookDto[], void>({
      query: () => "/api/webhooks/",
      providesTags: [HOOKS],
    }),
    addWebhook: build.mutation<WebhookCreatedDto, { url: string; format: "json" | "slack" }>({
      query: (body) => ({ url: "/api/webhooks/", method: "POST", body }),
      invalidatesTags: [HOOKS],
    }),
    changeWebhook: build.mutation<WebhookDto, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `/api/webhooks/${id}/`, method: "PATCH", body: { active } }),
      invalidatesTags: [HOOKS],
    }),
    removeWebhook: build.mutation<null, number>({
      query: (id) => ({ url: `/api/webhooks/${id}/`, method: "DELETE" }),
      invalidatesTags: [HOOKS],
    }),
    testWebhook: build.mutation<{ delivery: number }, number>({
      query: (id) => ({ url: `/api/webhooks/${id}/test/`, method: "POST" }),
      invalidatesTags: (_r, _e, id) => [HOOKS, { type: "Webhook", id }],
    }),
    webhookLog: build.query<WebhookDeliveryDto[], number>({
      query: (id) => `/api/webhooks/${id}/deliveries/`,
      providesTags: (_r, _e, id) => [{ type: "Webhook", id }],
    }),
  }),
});

export const {
  useMailPreferencesQuery,
  useSaveMailPreferencesMutation,
  useWebhooksQuery,
  useAddWebhookMutation,
  useChangeWebhookMutation,
  useRemoveWebhookMutation,
  useTestWebhookMutation,
  useWebhookLogQuery,
} = deliveryApi;
