import "../plain/plain.css";
interface Props {
  label: string;
}

/** A centred spinner with a text for screen readers and for slow connections. */
export function Loading({ label }: Props) {
  return (
    // <output> carries the implicit "status" role, so screen readers announce the loading text.
    <output className="loading">
      {/* PrimeReact's ProgressSpinner markup: the spinner shows while the first screen loads, before
          PrimeReact's JavaScript has (PlainButton says why). */}
      <div className="loading-spinner p-progress-spinner">
        <svg
          className="p-progress-spinner-svg"
          viewBox="25 25 50 50"
          style={{ animationDuration: "2s" }}
          aria-hidden="true"
        >
          <circle
            className="p-progress-spinner-circle"
            cx="50"
            cy="50"
            r="20"
            fill="none"
            strokeWidth="4"
            strokeMiterlimit="10"
          />
        </svg>
      </div>
      <span>{label}</span>
    </output>
  );
}
