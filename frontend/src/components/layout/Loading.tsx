import { ProgressSpinner } from "primereact/progressspinner";

interface Props {
  label: string;
}

/** A centred spinner with a text for screen readers and for slow connections. */
export function Loading({ label }: Props) {
  return (
    // <output> carries the implicit "status" role, so screen readers announce the loading text.
    <output className="loading">
      <ProgressSpinner className="loading-spinner" strokeWidth="4" />
      <span>{label}</span>
    </output>
  );
}
