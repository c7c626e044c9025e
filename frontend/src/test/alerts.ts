import { screen, waitFor } from "@testing-library/react";
import { getDialogs } from "../lib/feedback";

/** The messages of the in-app alerts and confirmations waiting or shown (lib/feedback), in order. */
export function queuedAlertMessages(): string[] {
  return getDialogs().map((d) => [d.message, d.target, ...d.details, d.note].filter(Boolean).join("\n"));
}

/** Waits until the in-app alert dialog (FeedbackHost, role alertdialog) shows `text`. */
export async function expectAlertDialog(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getByRole("alertdialog");
    expect(found).toHaveTextContent(text);
  });
  return found as HTMLElement;
}

/** No in-app alert is shown or waiting. */
export function expectNoAlertDialog(): void {
  expect(queuedAlertMessages()).toEqual([]);
  expect(screen.queryByRole("alertdialog")).toBeNull();
}
