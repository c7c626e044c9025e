import type { NotificationDto, NotificationListDto } from "@zaiko/common/notifications/notifications.schema";
import { api } from "../../lib/api";
import { onServerEvent } from "../../lib/socket";

const TAG = { type: "Notification" as const, id: "LIST" };

/**
 * While a notification query is cached, a `notifications.added` or `notifications.read` on the member's room,
 * or a (re)connect (`realtime.positions`: it may have missed one), reads the list and the count again: the
 * server's rows are the truth (docs/notifications.md). The count also polls every minute, in case an
 * announcement was lost.
 */
async function refetchOnNews(
  _arg: unknown,
  {
    dispatch,
    cacheEntryRemoved,
  }: { dispatch: (action: unknown) => unknown; cacheEntryRemoved: Promise<void> },
) {
  const invalidate = () => dispatch(api.util.invalidateTags([TAG]));
  // realtime.positions comes after every (re)connect, once the socket is in the member's room.
  const stops = [
    onServerEvent("notifications.added", invalidate),
    onServerEvent("notifications.read", invalidate),
    onServerEvent("realtime.positions", invalidate),
  ];
  await cacheEntryRemoved;
  for (const stop of stops) stop();
}

/** The bell (docs/notifications.md): the member's own notifications. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    unreadNotifications: build.query<{ unread: number }, void>({
      query: () => "/api/notifications/unread_count/",
      providesTags: [TAG],
      onCacheEntryAdded: refetchOnNews,
    }),
    notifications: build.query<NotificationListDto, void>({
      query: () => "/api/notifications/",
      providesTags: [TAG],
      onCacheEntryAdded: refetchOnNews,
    }),
    markNotificationRead: build.mutation<NotificationDto, number>({
      query: (id) => ({ url: `/api/notifications/${id}/read/`, method: "POST" }),
      invalidatesTags: [TAG],
    }),
    markAllNotificationsRead: build.mutation<{ unread: number; marked: number }, void>({
      query: () => ({ url: "/api/notifications/read_all/", method: "POST" }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useUnreadNotificationsQuery,
  useNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;
