import { createApi } from "@reduxjs/toolkit/query/react";
import { baseQuery } from "./baseQuery";

/** Cache tags of every feature (app/store.ts says which event stream feeds which). */
export const TAG_TYPES = [
  "Member",
  "Group",
  "Category",
  "Item",
  "WorkCase",
  "OrderItem",
  "Inventory",
  "Warehouse",
  "History",
  // セット品 (docs/sets.md): the set catalogue and a case's set lines.
  "ItemSet",
  "SetLine",
  "Notification",
  "CalendarFeed",
  // Mail choices and webhooks (docs/notifications.md).
  "MailPreferences",
  "Webhook",
  // 個体管理 (docs/units.md): an item's units and a unit's page.
  "Unit",
  // 外部手配 (docs/subrental.md): suppliers and sub-rentals.
  "Supplier",
  "SubRental",
] as const;

/**
 * The single RTK Query API. Features add their endpoints with `api.injectEndpoints` in their own
 * `<feature>Api.ts`, so routes loaded lazily bring their endpoints with them.
 */
export const api = createApi({
  reducerPath: "api",
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
