import type { ReactNode } from "react";
import "./plain.css";
import { SpinnerIcon } from "../icons/InlineIcons";

interface Props {
  type?: "button" | "submit";
  /** Visible text; without it the button is icon-only and needs `ariaLabel`. */
  label?: string;
  icon?: ReactNode;
  ariaLabel?: string;
  /** Shows PrimeReact's spinning icon and disables the button. */
  loading?: boolean;
  disabled?: boolean;
  /** PrimeReact modifiers and own classes: "p-button-text p-button-rounded", "auth-submit"… */
  className?: string;
  onClick?: () => void;
  "aria-expanded"?: boolean;
  "aria-controls"?: string;
}

/**
 * A button with PrimeReact's markup and classes (the theme styles it the same), without PrimeReact's
 * JavaScript: the header and the login form are on the first screen, and PrimeReact's component core
 * (about 45 KB gzipped with its utilities and tooltip) would otherwise be part of its first download.
 * Screens loaded later use PrimeReact's Button as usual.
 */
export function PlainButton({
  type = "button",
  label,
  icon,
  ariaLabel,
  loading = false,
  disabled = false,
  className,
  onClick,
  ...aria
}: Props) {
  const classes = ["p-button p-component", label ? "" : "p-button-icon-only", className ?? ""];
  if (loading) classes.push("p-disabled p-button-loading p-button-loading-left");
  else if (disabled) classes.push("p-disabled");
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(" ")}
      aria-label={ariaLabel}
      disabled={loading || disabled}
      onClick={onClick}
      {...aria}
    >
      {loading ? (
        <SpinnerIcon className="p-button-icon p-c p-button-icon-left p-button-loading-icon" />
      ) : (
        icon
      )}
      <span className="p-button-label p-c">{label ?? "\u00a0"}</span>
    </button>
  );
}
