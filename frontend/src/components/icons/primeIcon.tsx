import type { IconOptions } from "primereact/utils";
import type { ComponentType } from "react";

type SvgIcon = ComponentType<{
  className?: string | undefined;
  spin?: boolean | undefined;
  "aria-hidden"?: boolean | "true" | "false" | undefined;
}>;

/**
 * A PrimeReact `icon` prop (Button, InputNumber's buttons) drawn by an SVG icon component instead of a
 * PrimeIcons font class: the component's own classes for its icon (p-button-icon p-button-icon-left …)
 * go on the svg, as PrimeReact does with its built-in icons, and `app-icon` sizes it like the font did.
 * Create it once at module level: `const plusIcon = primeIcon(PlusIcon)`.
 */
export function primeIcon(Icon: SvgIcon, spin = false) {
  return function PrimeIcon(options: IconOptions<unknown>) {
    const className = [options.iconProps.className, "app-icon"].filter(Boolean).join(" ");
    return <Icon className={className} spin={spin || undefined} aria-hidden="true" />;
  };
}
