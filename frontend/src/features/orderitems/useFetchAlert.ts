import { useEffect } from "react";
import { statusOf } from "../../lib/errors";
import { showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";

/**
 * Logs a failed fetch and shows the spec's message once per failure (spec §8), in the app. A 404 is
 * only logged: on the case screens it means the case is gone, which the screen shows itself.
 */
export function useFetchAlert(query: { isError: boolean; error?: unknown }, message: string, what: string) {
  const { isError, error } = query;
  useEffect(() => {
    if (!isError) return;
    logFailure(`${what} fetch failed`, error);
    if (statusOf(error) === 404) return;
    void showAlert(message);
  }, [isError, error, message, what]);
}
