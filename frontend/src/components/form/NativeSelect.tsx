import "./NativeSelect.css";

export interface SelectOption<V extends string | number> {
  label: string;
  value: V;
}

/**
 * `value` while the options offer it, else the first option's: a filter whose choice is no longer offered (a
 * category deleted meanwhile) filters by its first option, which the select then shows.
 */
export function offeredValue<V extends string | number>(options: readonly SelectOption<V>[], value: V): V {
  return options.some((o) => o.value === value) ? value : (options[0]?.value ?? value);
}

interface Props<V extends string | number> {
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  /** The id a `<label htmlFor>` names it by, or none. */
  id?: string;
  /** Its accessible name when no label names it. */
  ariaLabel?: string;
  className?: string;
}

/**
 * A native `<select>` in the theme's input look (PrimeReact's `p-inputtext`): the filters and the tables' page
 * size. A phone opens its own picker, and nothing runs per instance: PrimeReact's Dropdown mounts an overlay,
 * a virtual scroller and its layout rules in effects, and the case screen had three of them in its first
 * render (docs/frontend.md). Pass a value among the options (`offeredValue`).
 */
export function NativeSelect<V extends string | number>({
  value,
  options,
  onChange,
  id,
  ariaLabel,
  className,
}: Props<V>) {
  const selected = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );
  return (
    <select
      id={id}
      aria-label={ariaLabel}
      className={className ? `p-inputtext native-select ${className}` : "p-inputtext native-select"}
      value={String(selected)}
      onChange={(e) => {
        const option = options[Number(e.target.value)];
        if (option) onChange(option.value);
      }}
    >
      {options.map((o, i) => (
        <option key={String(o.value)} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
