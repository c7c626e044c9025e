import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import request from "supertest";
import type { RunningServer } from "../server";
import { bearer, signUpOwner } from "../test/api";
import { startTestServer } from "../test/testServer";
import { COMPRESS_THRESHOLD_BYTES } from "./compression";

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they crossed the wire, not decoded. */
  body: Buffer;
}

/** A GET whose Accept-Encoding is exactly what the test says (fetch and supertest add their own). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

const varyList = (a: RawAnswer) =>
  String(a.headers.vary ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase());

// The static files and the JSON compression do not depend on the database driver: PGlite only.
describe("compressed answers", () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), "zaiko-client-"));
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `行${i}`))};\n`;
  // Made unlike what the server would make on the fly, so the test can tell which bytes were sent.
  const scriptBr = brotliCompressSync(script);
  const scriptGz = gzipSync(script, { level: 9 });
  const indexHtml =
    '<!doctype html><html lang="ja"><script type="module" src="/assets/app-abc123.js"></script></html>';
  let server: RunningServer;

  beforeAll(async () => {
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "index.html"), indexHtml);
    writeFileSync(path.join(clientDir, "assets/app-abc123.js"), script);
    writeFileSync(path.join(clientDir, "assets/app-abc123.js.br"), scriptBr);
    writeFileSync(path.join(clientDir, "assets/app-abc123.js.gz"), scriptGz);
    server = await startTestServer("pglite", { config: { clientDir } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  describe("built client files", () => {
    const asset = () => `${server.url}/assets/app-abc123.js`;

    it("sends the brotli file to a browser that accepts br, as immutable", async () => {
      const res = await rawGet(asset(), { "Accept-Encoding": "gzip, deflate, br, zstd" });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(varyList(res)).toContain("accept-encoding");
      expect(res.body.equals(scriptBr)).toBe(true);
      expect(Number(res.headers["content-length"])).toBe(scriptBr.length);
      expect(brotliDecompressSync(res.body).toString()).toBe(script);
    });

    it("sends the gzip file when br is not accepted", async () => {
      const res = await rawGet(asset(), { "Accept-Encoding": "gzip" });
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(varyList(res)).toContain("accept-encoding");
      expect(res.body.equals(scriptGz)).toBe(true);
      expect(gunzipSync(res.body).toString()).toBe(script);
    });

    it("sends the gzip file when br is refused with q=0", async () => {
      const res = await rawGet(asset(), { "Accept-Encoding": "br;q=0, gzip" });
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.body.equals(scriptGz)).toBe(true);
    });

    it("sends the plain file without Accept-Encoding", async () => {
      const res = await rawGet(asset());
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body.toString()).toBe(script);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(varyList(res)).toContain("accept-encoding");
    });

    it("serves index.html for a client route revalidated, with an ETag that answers 304", async () => {
      const first = await rawGet(`${server.url}/workcase`, { "Accept-Encoding": "br" });
      expect(first.status).toBe(200);
      expect(first.headers["cache-control"]).toBe("no-cache");
      expect(first.body.toString()).toBe(indexHtml);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await rawGet(`${server.url}/login`, { "If-None-Match": String(etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    });

    it("does not cache /index.html asked for by name", async () => {
      const res = await rawGet(`${server.url}/index.html`);
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
    });
  });

  describe("JSON answers", () => {
    let access: string;
    beforeAll(async () => {
      const owner = await signUpOwner(server);
      access = owner.access;
      // Enough categories for a list well above the threshold.
      for (let i = 0; i < 30; i++) {
        await request(server.url)
          .post("/api/categories/")
          .set(bearer(owner))
          .send({ category: `音響機材カテゴリ${i}`, group: owner.groupId })
          .expect(201);
      }
    });
    const list = (encoding?: string) =>
      rawGet(`${server.url}/api/categories/`, {
        Authorization: `Bearer ${access}`,
        ...(encoding ? { "Accept-Encoding": encoding } : {}),
      });

    it("compresses a JSON answer above the threshold with brotli or gzip, as accepted", async () => {
      const plain = await list();
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      const categories = JSON.parse(plain.body.toString());
      expect(categories).toHaveLength(30);

      const br = await list("gzip, deflate, br");
      expect(br.status).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-type"]).toMatch(/^application\/json/);
      expect(varyList(br)).toContain("accept-encoding");
      expect(br.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(categories);

      const gz = await list("gzip");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(categories);
    });

    it("sends a JSON answer under the threshold as it is", async () => {
      const res = await rawGet(`${server.url}/api/healthz`, { "Accept-Encoding": "gzip, deflate, br" });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toEqual({ status: "ok", db: "ok" });
    });

    it("leaves CSV downloads uncompressed", async () => {
      const res = await rawGet(`${server.url}/download/template/item_template.csv`, {
        "Accept-Encoding": "gzip, deflate, br",
      });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    });
  });
});
