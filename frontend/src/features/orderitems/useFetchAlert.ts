import { useEffect } from "react";

/** Logs a failed fetch and alerts the spec's message once per failure (spec §8). */
export function useFetchAlert(query: { isError: boolean; error?: unknown }, message: string, what: string) {
  const { isError, error } = query;
  useEffect(() => {
    if (!isError) return;
    console.error(`${what} fetch failed`, error);
    window.alert(message);
  }, [isError, error, message, what]);
}
