import type { ReactNode } from "react";

interface Props {
  title: string;
  /** Buttons shown next to the title (wrap under it on phones). */
  actions?: ReactNode;
  /** "narrow" for forms, "wide" for lists, "full" for tables with many columns (the window's width). */
  width?: "narrow" | "wide" | "full";
  children?: ReactNode;
}

/** A screen's frame: its title as the page heading, then its content. */
export function Page({ title, actions, width = "wide", children }: Props) {
  return (
    <div className={`page page-${width}`}>
      <div className="page-head">
        <h1 className="page-title">{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
