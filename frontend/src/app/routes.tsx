import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { type ComponentType, lazy, startTransition, useEffect, useState } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { Loading } from "../components/layout/Loading";
// In the first chunk (it is small): most visits start here, and a lazy chunk cost one more round trip
// before the form appeared (docs/frontend.md, "First screen").
import { LoginPage } from "../features/auth/LoginPage";
import { orderItemsFirstQueries } from "../features/orderitems/requests";
import { groupSetsQuery } from "../features/sets/requests";
import { warehouseFirstQueries } from "../features/warehouse/requests";
import { workCaseListFirstQueries } from "../features/workcases/requests";
import { afterNextPaint, screenShown } from "../lib/firstScreen";
import { AppLayout } from "./AppLayout";
import { RequireAuth, RequireOwner } from "./guards";
import { registerScreen, type ScreenData, screenCodeAhead } from "./prefetch";

/**
 * React.lazy for a named export, so each screen is its own chunk. Each also loads app/screenSetup (the
 * whole theme, PrimeReact's Japanese texts) before it renders. Registered for app/prefetch.ts, which loads the chunks
 * ahead of use, and tells it when the screen has been shown.
 */
function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  /** What the screen asks for when it opens, asked on a page load at it before it renders (app/prefetch.ts). */
  data?: ScreenData,
) {
  const loadScreen = async () => {
    await screenCodeAhead();
    return (await Promise.all([load(), import("./screenSetup")]))[0];
  };
  const screen = lazy(async () => {
    const Screen = (await loadScreen())[name] as ComponentType;
    return {
      default: function ShownScreen() {
        // The screen's first render is a transition, which React splits into short tasks: rendered with the
        // store update that revealed it (the session's answer, a synchronous render), a screen with its data
        // was one task of 0.5–0.9 s on a phone (issue 41). Meanwhile the same spinner as Suspense's.
        const [started, setStarted] = useState(false);
        useEffect(() => startTransition(() => setStarted(true)), []);
        // PrimeReact inserts each component's own layout rules (the dropdown's label width, the hidden
        // select) in its mount effect, which a transition's render runs after its paint: painted before them,
        // the case list's status dropdown was 405 px wide, and a frame later the toolbar and the table moved
        // up (a layout shift of 0.19, one page load in six). Transparent until this effect, which runs after
        // the screen's own (not hidden: a field that takes the focus on mount, the board's scan box, could not).
        const [styled, setStyled] = useState(false);
        useEffect(() => setStyled(started), [started]);
        if (!started) return <Loading label={ja.common.loading} />;
        return (
          <div style={styled ? undefined : UNTIL_STYLED}>
            <Screen />
            {styled ? <Shown /> : null}
          </div>
        );
      },
    };
  });
  // The chunk is named after the screen's module, whose export `name` is (build/screenFiles.ts).
  registerScreen(screen, loadScreen, data, name);
  return screen;
}

const NotificationsPage = lazyNamed(
  () => import("../features/notifications/NotificationsPage"),
  "NotificationsPage",
);
const WebhooksPage = lazyNamed(() => import("../features/delivery/WebhooksPage"), "WebhooksPage");
const NotFoundPage = lazyNamed(() => import("./pages/NotFoundPage"), "NotFoundPage");
const SignupPage = lazyNamed(() => import("../features/auth/SignupPage"), "SignupPage");
const MemberListPage = lazyNamed(() => import("../features/members/MemberListPage"), "MemberListPage");
const WorkCaseListPage = lazyNamed(
  () => import("../features/workcases/WorkCaseListPage"),
  "WorkCaseListPage",
  {
    firstQueries: workCaseListFirstQueries,
    loadApi: () => import("../features/workcases/workcasesApi"),
  },
);
const CategoryListPage = lazyNamed(
  () => import("../features/categories/CategoryListPage"),
  "CategoryListPage",
);
const ItemListPage = lazyNamed(() => import("../features/items/ItemListPage"), "ItemListPage");
const SetListPage = lazyNamed(() => import("../features/sets/SetListPage"), "SetListPage");
const OrderItemsPage = lazyNamed(() => import("../features/orderitems/OrderItemsPage"), "OrderItemsPage", {
  // The case's queries and the set catalogue, which the screen shows its sets with.
  firstQueries: (at) => {
    const queries = orderItemsFirstQueries(at);
    return queries.length === 0 ? queries : [...queries, groupSetsQuery(at.groupId)];
  },
  loadApi: () =>
    Promise.all([
      import("../features/orderitems/orderItemsApi"),
      import("../features/orderitems/setLinesApi"),
      import("../features/sets/setsApi"),
    ]),
});
const OrderItemsListPage = lazyNamed(
  () => import("../features/orderitems/OrderItemsListPage"),
  "OrderItemsListPage",
);
const SubRentalsPage = lazyNamed(() => import("../features/subrentals/SubRentalsPage"), "SubRentalsPage");
const TimelinePage = lazyNamed(() => import("../features/availability/TimelinePage"), "TimelinePage");
const PackListPage = lazyNamed(() => import("../features/packlist/PackListPage"), "PackListPage");
const UnitPage = lazyNamed(() => import("../features/units/UnitPage"), "UnitPage");
const WarehousePage = lazyNamed(() => import("../features/warehouse/WarehousePage"), "WarehousePage", {
  firstQueries: warehouseFirstQueries,
  loadApi: () => import("../features/warehouse/warehouseApi"),
});

/** A screen's first render until PrimeReact's rules for it are in (lazyNamed's ShownScreen). */
const UNTIL_STYLED = { opacity: 0 } as const;

/** Tells app/prefetch.ts that the screen beside it has been shown: its first render, once painted. */
function Shown() {
  useEffect(() => afterNextPaint(screenShown), []);
  return null;
}

/** The route table (spec §2). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to="/workcase" replace /> },
      { path: "login", element: <LoginPage /> },
      { path: "signup", element: <SignupPage /> },
      {
        path: "useredit/:id",
        element: (
          <RequireAuth>
            <SignupPage />
          </RequireAuth>
        ),
      },
      {
        path: "user",
        element: (
          <RequireOwner>
            <MemberListPage />
          </RequireOwner>
        ),
      },
      {
        path: "webhooks",
        element: (
          <RequireOwner>
            <WebhooksPage />
          </RequireOwner>
        ),
      },
      {
        path: "workcase",
        element: (
          <RequireAuth>
            <WorkCaseListPage />
          </RequireAuth>
        ),
      },
      {
        path: "category",
        element: (
          <RequireAuth>
            <CategoryListPage />
          </RequireAuth>
        ),
      },
      {
        path: "subrentals",
        element: (
          <RequireAuth>
            <SubRentalsPage />
          </RequireAuth>
        ),
      },
      {
        path: "sets",
        element: (
          <RequireAuth>
            <SetListPage />
          </RequireAuth>
        ),
      },
      {
        path: "item/:year/:month/:day",
        element: (
          <RequireAuth>
            <ItemListPage />
          </RequireAuth>
        ),
      },
      {
        path: "availability/:kind/:id",
        element: (
          <RequireAuth>
            <TimelinePage />
          </RequireAuth>
        ),
      },
      {
        path: "workcase/:caseId/packlist",
        element: (
          <RequireAuth>
            <PackListPage />
          </RequireAuth>
        ),
      },
      {
        path: "orderitems/:caseId",
        element: (
          <RequireAuth>
            <OrderItemsPage />
          </RequireAuth>
        ),
      },
      {
        path: "orderitemslist/:caseId",
        element: (
          <RequireAuth>
            <OrderItemsListPage />
          </RequireAuth>
        ),
      },
      {
        path: "notifications",
        element: (
          <RequireAuth>
            <NotificationsPage />
          </RequireAuth>
        ),
      },
      {
        path: "warehouse",
        element: (
          <RequireAuth>
            <WarehousePage />
          </RequireAuth>
        ),
      },
      {
        path: "units/:id",
        element: (
          <RequireAuth>
            <UnitPage />
          </RequireAuth>
        ),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
