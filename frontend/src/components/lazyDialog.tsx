import { type ComponentType, lazy, Suspense, useState } from "react";

/**
 * A dialog whose module loads when it is first shown, not with its screen: a screen draws its table
 * sooner when the code of its dialogs (forms with their schemas, pickers) is not part of its first
 * download. Mounted from the first time it is open and kept mounted afterwards, so closing animates
 * and returns focus as before. The build lists the chunk among the screens' files, which the browser
 * fetches when idle after the load event (docs/frontend.md, "First screen"), so opening it rarely waits.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** Whether the dialog is open: its `visible` prop unless given. */
  isOpen: (props: P) => boolean = (props) => (props as { visible?: boolean }).visible === true,
) {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [shown, setShown] = useState(open);
    if (open && !shown) setShown(true);
    if (!shown && !open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
