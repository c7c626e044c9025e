/** "/item/YYYY/MM/DD" from the server's "YYYY-MM-DD"; null when the date is missing or malformed. */
export function weekPath(date: string | undefined, search = ""): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? "");
  if (!match) return null;
  const query = search.trim() === "" ? "" : `?${new URLSearchParams({ search: search.trim() })}`;
  return `/item/${match[1]}/${match[2]}/${match[3]}${query}`;
}

/** The URL with `search` set (or removed when empty), keeping the path and other parameters. */
export function withSearchParam(pathname: string, currentSearch: string, value: string): string {
  const params = new URLSearchParams(currentSearch);
  if (value === "") params.delete("search");
  else params.set("search", value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
