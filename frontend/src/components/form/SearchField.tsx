import { IconField } from "primereact/iconfield";
import { SearchIcon } from "primereact/icons/search";
import { InputIcon } from "primereact/inputicon";
import { InputText } from "primereact/inputtext";

interface Props {
  /** Placeholder and accessible name (the spec's search labels, e.g. アイテム検索). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** The list screens' free-text search box with its magnifier icon. */
export function SearchField({ label, value, onChange, className }: Props) {
  return (
    <IconField iconPosition="left" className={className}>
      <InputIcon>
        <SearchIcon className="app-icon" aria-hidden="true" />
      </InputIcon>
      <InputText
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        aria-label={label}
      />
    </IconField>
  );
}
