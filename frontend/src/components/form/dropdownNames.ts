import type { DropdownPassThroughOptions } from "primereact/dropdown";

/**
 * Names for the parts of PrimeReact's Dropdown that it leaves unnamed: its trigger is a `role="button"`
 * (named only from `placeholder` or `ariaLabel`) and its hidden native `<select>` (kept for forms) has no
 * label, which screen readers and Lighthouse's accessibility audit report. Pass the dropdown's visible
 * label: `<Dropdown pt={dropdownNames(label)} … />`.
 */
export function dropdownNames(label: string): DropdownPassThroughOptions {
  return { trigger: { "aria-label": label }, select: { "aria-label": label } };
}
