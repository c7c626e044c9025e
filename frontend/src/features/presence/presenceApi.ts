import type { PresenceMember, PresencePlace } from "@zaiko/common/realtime/presencePlace";
import { samePlace } from "@zaiko/common/realtime/presencePlace";
import { api } from "../../lib/api";
import { currentSocket, onServerEvent, onSocketConnect, onSocketDisconnect } from "../../lib/socket";

/**
 * Who has a place open (a case or the warehouse board), live. The cache entry is the visit: while a screen
 * uses it this socket is in the place's room (entered again after every reconnect, since a new connection
 * is in no room), and it leaves the moment the last user of the entry goes (keepUnusedDataFor 0), so a
 * member who navigates away disappears from the others' chips at once. Several components of one place
 * share one entry and one visit.
 */
export const presenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    presence: build.query<PresenceMember[], PresencePlace>({
      queryFn: () => ({ data: [] }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(place, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded;
        const enter = () => currentSocket()?.emit("presence.enter", place, () => {});
        // What this client showed is unknown while it is offline: show nobody rather than a stale list.
        const clear = () => updateCachedData(() => []);
        const offList = onServerEvent("presence.changed", (payload) => {
          if (samePlace(payload.place, place)) updateCachedData(() => payload.members);
        });
        const offConnect = onSocketConnect(enter);
        const offDisconnect = onSocketDisconnect(clear);
        if (currentSocket()?.connected) enter();
        await cacheEntryRemoved;
        offList();
        offConnect();
        offDisconnect();
        const socket = currentSocket();
        if (socket?.connected) socket.emit("presence.leave", place);
      },
    }),
  }),
});

export const { usePresenceQuery } = presenceApi;
