import { ja } from "@zaiko/common/messages/ja";
import { serverDetail, serverFieldMessages } from "../../lib/errors";

/** The refusal of a units call in words: the server's `error` / `detail`, else its field messages. */
export function unitError(err: unknown): string {
  return serverDetail(err as never) ?? (serverFieldMessages(err as never).join(" ") || ja.errors.notFound);
}
