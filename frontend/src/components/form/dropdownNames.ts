import type { DropdownPassThroughOptions } from "primereact/dropdown";

/**
 * Names for the parts of PrimeReact's Dropdown that it leaves unnamed: its trigger is a `role="button"`
 * (named only from `placeholder` or `ariaLabel`), its hidden native `<select>` (kept for forms) has no
 * label, and its focusable input takes `aria-label` but not the `ariaLabel` prop; screen readers and
 * Lighthouse's accessibility audit report them. Pass the dropdown's visible label:
 * `<Dropdown pt={dropdownNames(label)} … />`.
 */
export function dropdownNames(label: string): DropdownPassThroughOptions {
  const named = { "aria-label": label };
  return { trigger: named, select: named, input: named };
}
