import type {
  CalendarFeedCreatedDto,
  CalendarFeedStatusDto,
} from "@zaiko/common/notifications/notifications.schema";
import { api } from "../../lib/api";
import { saveBlob } from "../../lib/download";

const TAG = { type: "CalendarFeed" as const, id: "MINE" };

/** A file name the browser accepts: the case title without path separators. */
const icsName = (title: string) => `${title.replace(/[\\/:*?"<>|]/g, "_") || "case"}.ics`;

/** The member's calendar feed and a case's .ics file (docs/notifications.md). */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    calendarFeed: build.query<CalendarFeedStatusDto, void>({
      query: () => "/api/calendar-feed/",
      providesTags: [TAG],
    }),
    /** A new secret URL (the earlier one stops working); the URL is in this answer only. */
    regenerateCalendarFeed: build.mutation<CalendarFeedCreatedDto, void>({
      query: () => ({ url: "/api/calendar-feed/", method: "POST" }),
      invalidatesTags: [TAG],
    }),
    revokeCalendarFeed: build.mutation<null, void>({
      query: () => ({ url: "/api/calendar-feed/", method: "DELETE" }),
      invalidatesTags: [TAG],
    }),
    downloadCaseIcs: build.mutation<null, { caseId: number; title: string }>({
      query: ({ caseId, title }) => ({
        url: `/api/calendar/cases/${caseId}/`,
        // The file goes straight to the browser; the cache only learns that it worked.
        responseHandler: async (response) => {
          if (!response.ok) return response.text();
          saveBlob(await response.blob(), icsName(title));
          return null;
        },
      }),
    }),
  }),
});

export const {
  useCalendarFeedQuery,
  useRegenerateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
  useDownloadCaseIcsMutation,
} = calendarApi;
