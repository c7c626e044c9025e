import { ProgressSpinner } from "primereact/progressspinner";

interface Props {
  label: string;
}

/** A centred spinner with a text for screen readers and for slow connections. */
export function Loading({ label }: Props) {
  return (
    <div className="loading" role="status">
      <ProgressSpinner className="loading-spinner" strokeWidth="4" />
      <span>{label}</span>
    </div>
  );
}
