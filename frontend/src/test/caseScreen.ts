import { screen, within } from "@testing-library/react";
import { ja } from "@zaiko/common/messages/ja";

const t = ja.orderitems;

/** 案件詳細's 在庫 card (the first, where the screen draws two layouts). */
export const inventory = () => screen.getAllByRole("region", { name: t.inventoryCard })[0] as HTMLElement;
/** 案件詳細's 出荷アイテム card. */
export const shipped = () => screen.getAllByRole("region", { name: t.shippedCard })[0] as HTMLElement;

/**
 * A card of 案件詳細 once the work under the case's head has been drawn: it comes after the head
 * (features/orderitems/CaseWorkArea.tsx).
 */
export async function shownCard(card: () => HTMLElement): Promise<HTMLElement> {
  await screen.findAllByRole("region", { name: t.inventoryCard });
  return card();
}

/** Finds `text` in a card of 案件詳細 once it has been drawn (shownCard). */
export async function findInCard(card: () => HTMLElement, text: string): Promise<HTMLElement> {
  return within(await shownCard(card)).findByText(text);
}
