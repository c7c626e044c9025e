import { isFulfilled, type Middleware, type UnknownAction } from "@reduxjs/toolkit";
import type { EventStream } from "@zaiko/common/realtime/events";
import {
  parsePositions,
  STREAM_POSITIONS_HEADER,
  type StreamPositions,
  streamsBehind,
} from "@zaiko/common/realtime/positions";

/** A cached query as RTK Query names it (api.util.selectInvalidatedBy). */
export interface CachedQuery {
  queryCacheKey: string;
  endpointName: string;
  originalArgs: unknown;
}

/** What the tracker needs of the store and the API (app/store.ts gives it). */
export interface PositionsEnv {
  /** The cached queries that show something of a stream, with whether each has its answer. */
  cachedQueriesOf(stream: EventStream): (CachedQuery & { loaded: boolean })[];
  /** Reads one cached query again. */
  refetch(query: CachedQuery): void;
}

interface FulfilledQueryAction extends UnknownAction {
  meta: {
    arg: CachedQuery & { type: "query" };
    baseQueryMeta?: { response?: { headers?: { get(name: string): string | null } } };
  };
}

/** An RTK Query answer to a query (not a mutation): its thunk's fulfilled action. */
function fulfilledQuery(action: unknown): FulfilledQueryAction | undefined {
  if (!isFulfilled(action)) return undefined;
  const a = action as Partial<FulfilledQueryAction>;
  return a.meta?.arg?.type === "query" ? (a as FulfilledQueryAction) : undefined;
}

/**
 * Decides which cached lists a new socket must read again (common/realtime/positions.ts). Every answer
 * says how far the streams had gone before it was read; the socket is told how far they had gone once it
 * listened. A list is read again only if it is behind the socket in a stream it shows: a screen opened
 * cold, whose data left before the socket connected, is not fetched and rendered twice when nothing
 * happened in between, and a reconnect after a quiet spell reads nothing.
 */
export class StreamPositionTracker {
  private readonly loadedAt = new Map<string, StreamPositions | undefined>();
  private socketAt: StreamPositions | undefined;
  /**
   * The queries read again for the current socket. Positions only grow, so a second answer is never
   * behind; should one be (a database restored from a backup), it is not read a third time.
   */
  private readonly reread = new Set<string>();

  constructor(private readonly env: PositionsEnv) {}

  /** Notes each query answer's positions; one that lands behind the connected socket is read again. */
  readonly middleware: Middleware = () => (next) => (action) => {
    const result = next(action);
    const fulfilled = fulfilledQuery(action);
    if (fulfilled) {
      const positions = parsePositions(
        fulfilled.meta.baseQueryMeta?.response?.headers?.get(STREAM_POSITIONS_HEADER),
      );
      this.loadedAt.set(fulfilled.meta.arg.queryCacheKey, positions);
      // Without positions (a call outside the group's streams) there is nothing to compare.
      if (positions && this.socketAt && streamsBehind(positions, this.socketAt).length > 0)
        this.readAgain(fulfilled.meta.arg);
    }
    return result;
  };

  /** The socket has joined its rooms and says how far the streams had gone. */
  socketListening(positions: StreamPositions): void {
    this.socketAt = positions;
    this.reread.clear();
    const stale = new Map<string, CachedQuery>();
    for (const stream of ["group", "members"] as const) {
      for (const query of this.env.cachedQueriesOf(stream)) {
        // A query still loading is compared when it lands (middleware above).
        if (!query.loaded) continue;
        const loaded = this.loadedAt.get(query.queryCacheKey);
        if (loaded === undefined || loaded[stream] < positions[stream]) stale.set(query.queryCacheKey, query);
      }
    }
    for (const query of stale.values()) this.readAgain(query);
  }

  private readAgain(query: CachedQuery): void {
    if (this.reread.has(query.queryCacheKey)) return;
    this.reread.add(query.queryCacheKey);
    this.env.refetch(query);
  }

  /** The socket is gone: answers from now on are compared with the next socket's positions. */
  socketClosed(): void {
    this.socketAt = undefined;
  }
}
