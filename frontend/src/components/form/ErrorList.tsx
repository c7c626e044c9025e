import { ExclamationCircleIcon } from "../icons/glyphs/ExclamationCircleIcon";

interface Props {
  messages: string[];
}

/** The red box that lists every error of a form (spec: "Errors are listed in a red box"). */
export function ErrorList({ messages }: Props) {
  if (messages.length === 0) return null;
  return (
    <div className="error-list" role="alert">
      <ExclamationCircleIcon />
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
