import { Provider } from "react-redux";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { setNavigator } from "../lib/navigation";
import { routes } from "./routes";
import { type AppStore, bindSocketToStore, bindTabsToStore, makeStore } from "./store";

/** Builds the store and the router and wires lib/ (socket, navigation) to them. */
export function createApp(): { store: AppStore; router: ReturnType<typeof createBrowserRouter> } {
  const store = makeStore();
  bindSocketToStore(store);
  bindTabsToStore(store);
  const router = createBrowserRouter(routes);
  setNavigator((to, state) => void router.navigate(to, { state }));
  return { store, router };
}

export function App({ store, router }: ReturnType<typeof createApp>) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
