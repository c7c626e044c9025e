/**
 * Every user-facing Japanese string, keyed. Texts are copied exactly from the product spec
 * (shared/spec/product-spec.md §2, §5, §8); strings the spec does not give are marked "ours".
 *
 * The texts live in ja/, one module per screen, so that the web client's first download carries only the
 * login form's, the header's and the app shell's (ja/firstScreen.ts, imported directly by the first
 * chunk); the other screens' texts come with their lazy chunks. This module puts them together: import
 * `ja` from here everywhere else.
 */
import { ja as auth } from "./ja/auth";
import { ja as availability } from "./ja/availability";
import { ja as categories } from "./ja/categories";
import { ja as delivery } from "./ja/delivery";
import { ja as firstScreen } from "./ja/firstScreen";
import { ja as history } from "./ja/history";
import { ja as idempotency } from "./ja/idempotency";
import { ja as items } from "./ja/items";
import { ja as members } from "./ja/members";
import { ja as notifications } from "./ja/notifications";
import { ja as orderitems } from "./ja/orderitems";
import { ja as packlist } from "./ja/packlist";
import { ja as sets } from "./ja/sets";
import { ja as shared } from "./ja/shared";
import { ja as shortCases } from "./ja/shortCases";
import { ja as subrentals } from "./ja/subrentals";
import { ja as turnaround } from "./ja/turnaround";
import { ja as units } from "./ja/units";
import { ja as warehouse } from "./ja/warehouse";
import { ja as workcases } from "./ja/workcases";

export const ja = {
  ...firstScreen,
  ...shared,
  ...auth,
  ...members,
  ...categories,
  ...items,
  ...workcases,
  ...orderitems,
  ...availability,
  ...history,
  ...idempotency,
  ...packlist,
  ...sets,
  ...turnaround,
  ...shortCases,
  ...subrentals,
  ...notifications,
  ...delivery,
  ...units,
  // Sections whose first-screen texts are in firstScreen.ts and the rest with the screens.
  validation: { ...firstScreen.validation, ...shared.validation },
  errors: { ...firstScreen.errors, ...shared.errors },
  common: { ...firstScreen.common, ...shared.common },
  feedback: { ...firstScreen.feedback, ...shared.feedback },
  warehouse: { ...firstScreen.warehouse, ...warehouse.warehouse },
} as const;
