import { ja } from "@zaiko/common/messages/ja";
import type { ComponentType } from "react";
import { Link } from "react-router-dom";
import { ExclamationCircleIcon } from "../icons/glyphs/ExclamationCircleIcon";
import type { IconProps } from "../icons/InlineIcons";

interface Props {
  title: string;
  body: string;
  /** The icon above the title (an SVG icon component, e.g. SearchIcon). */
  icon?: ComponentType<IconProps>;
}

/**
 * A screen whose subject is not there (a case that does not exist or was deleted, a profile the user
 * may not open): what happened, announced at once (role alert), and the way back to 案件一覧.
 */
export function BackToCasesNotice({ title, body, icon: Icon = ExclamationCircleIcon }: Props) {
  return (
    <div className="message-page" role="alert">
      <Icon className="app-icon message-page-icon" aria-hidden="true" />
      <h2>{title}</h2>
      <p>{body}</p>
      <Link to="/workcase" className="p-button p-button-outlined">
        {ja.feedback.backToCases}
      </Link>
    </div>
  );
}
