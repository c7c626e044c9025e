import type { Locator } from "playwright-core";

/**
 * Where the text of `element` is split across lines inside a word, as "ムービングライ|ト" (the text of the
 * split node on either side of the break), measured from each character's box. A break is between words when
 * it follows a space, ・, "-" or "/", or comes before a space: Japanese names are read as words, not as
 * characters. Only breaks inside one text node count (two buttons stacked in a cell are not a wrapped word).
 */
export function splitsInsideWords(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const splits: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      let previousTop: number | null = null;
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        const wrapped = previousTop !== null && box.top - previousTop >= 4;
        previousTop = box.top;
        if (!wrapped || /[\s・\-/]/.test(text[i - 1] ?? " ") || /\s/.test(text[i] ?? "")) continue;
        splits.push(`${text.slice(0, i)}|${text.slice(i)}`);
      }
    }
    return splits;
  });
}

/** How many lines the text of `element` takes: its text's line boxes, grouped by their top (icons aside). */
export function lineCount(element: Locator): Promise<number> {
  return element.evaluate((root) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!(node.textContent ?? "").trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of Array.from(range.getClientRects())) tops.push(box.top);
    }
    tops.sort((a, b) => a - b);
    return tops.filter((top, i) => i === 0 || top - (tops[i - 1] as number) >= 4).length;
  });
}

/**
 * The edge shadow drawn by `side` ("::before" left, "::after" right) of the element around a scroll box,
 * as what a person sees: shown (content, a gradient, opaque) or not.
 */
export function edgeHintShown(scrollBox: Locator, side: "::before" | "::after"): Promise<boolean> {
  return scrollBox.evaluate((box, pseudo) => {
    const frame = box.parentElement;
    if (!frame) return false;
    const style = getComputedStyle(frame, pseudo);
    return (
      style.content !== "none" &&
      style.backgroundImage.includes("gradient") &&
      Number(style.opacity) > 0.5 &&
      Number.parseFloat(style.width) >= 12
    );
  }, side);
}
