/**
 * The demo data of `npm run seed-demo`, as a plan computed from "now": the item catalogue (as the import
 * CSV's rows) and the cases with what each one books. Deterministic for a given day (a fixed-seed
 * generator), so two newcomers see the same demo.
 */

export interface DemoLine {
  title: string;
  quantity: number;
  /** Issued but not received although the case has ended: shows as overdue on the warehouse board. */
  stillOut: boolean;
}

export interface DemoCase {
  title: string;
  note: string;
  start: Date;
  end: Date;
  issuedAt: Date | undefined;
  receivedAt: Date | undefined;
  lines: DemoLine[];
}

export interface DemoPlan {
  itemsCsv: string;
  itemCount: number;
  cases: DemoCase[];
}

/** Category → products → variants; each product × variant is an item, stock from the product's range. */
const CATALOGUE: Record<string, { products: string[]; variants: string[]; stock: [number, number] }> = {
  音響: {
    products: [
      "ワイヤレスマイク",
      "有線マイク",
      "スピーカー",
      "サブウーファー",
      "デジタルミキサー",
      "モニタースピーカー",
    ],
    variants: ["SHURE", "SONY", "audio-technica", "YAMAHA", "Sennheiser"],
    stock: [2, 24],
  },
  映像: {
    products: [
      "プロジェクター",
      "スクリーン",
      "液晶モニター",
      "ビデオカメラ",
      "スイッチャー",
      "LEDビジョンパネル",
    ],
    variants: ["5000lm", "7000lm", "100インチ", "150インチ", "55型", "4K"],
    stock: [1, 12],
  },
  照明: {
    products: ["LEDパーライト", "ムービングライト", "ピンスポット", "調光卓", "アップライト"],
    variants: ["RGBW", "ウォーム", "小型", "屋外対応", "バッテリー式"],
    stock: [4, 40],
  },
  "電源・ケーブル": {
    products: ["XLRケーブル", "HDMIケーブル", "SDIケーブル", "電源ドラム", "LANケーブル", "分電盤"],
    variants: ["3m", "5m", "10m", "20m", "30m"],
    stock: [10, 80],
  },
  "舞台・トラス": {
    products: ["トラス", "ステージ台", "スタンド", "暗幕", "所作台"],
    variants: ["1m", "2m", "3m", "高さ40cm", "高さ60cm"],
    stock: [4, 30],
  },
  通信: {
    products: ["インカム", "トランシーバー", "ポケットWi-Fi", "ネットワークスイッチ"],
    variants: ["親機", "子機", "8ポート", "24ポート", "予備バッテリー付"],
    stock: [2, 20],
  },
  "備品・家具": {
    products: ["会議テーブル", "折りたたみ椅子", "演台", "受付カウンター", "パーテーション", "譜面台"],
    variants: ["白", "黒", "木目", "大", "小"],
    stock: [5, 100],
  },
  工具: {
    products: ["電動ドリル", "インパクトドライバー", "脚立", "台車", "発電機", "養生マット"],
    variants: ["マキタ", "HiKOKI", "小", "中", "大"],
    stock: [2, 15],
  },
};

const VENUES = [
  "東京ビッグサイト",
  "幕張メッセ",
  "パシフィコ横浜",
  "インテックス大阪",
  "ポートメッセなごや",
  "渋谷ホール",
  "日本橋会議室",
  "福岡国際会議場",
];
const EVENTS = [
  "展示会ブース",
  "新商品発表会",
  "株主総会",
  "音楽ライブ",
  "学会",
  "社内表彰式",
  "セミナー",
  "ファンミーティング",
];

/** Mulberry32: a small fixed-seed generator, so the demo is the same on every machine. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Midnight in Japan of the day `days` after `now`'s day, plus `hour` hours (JST is UTC+9 all year). */
function jstDay(now: Date, days: number, hour: number): Date {
  const jst = new Date(now.getTime() + 9 * HOUR);
  const midnightUtc = Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), jst.getUTCDate()) - 9 * HOUR;
  return new Date(midnightUtc + days * DAY + hour * HOUR);
}

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Builds the plan: about 230 items, `caseCount` (40) cases from three weeks ago to five weeks ahead. */
export function buildDemoPlan(now: Date, caseCount = 40): DemoPlan {
  const random = generator(20261125);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

  const rows = ["アイテム名,カテゴリ,在庫数,メモ"];
  const titles: string[] = [];
  for (const [category, { products, variants, stock }] of Object.entries(CATALOGUE)) {
    for (const product of products) {
      for (const variant of variants) {
        const title = `${product} ${variant}`;
        titles.push(title);
        const note = random() < 0.2 ? "使用後は動作確認してから返却" : "";
        rows.push([title, category, String(between(...stock)), note].map(csvCell).join(","));
      }
    }
  }

  const cases: DemoCase[] = [];
  const caseTitles = new Set<string>();
  const newCaseTitle = (): string => {
    for (;;) {
      const title = `${pick(VENUES)} ${pick(EVENTS)}`;
      if (caseTitles.has(title)) continue;
      caseTitles.add(title);
      return title;
    }
  };
  for (let i = 0; i < caseCount; i++) {
    const startDay = -21 + Math.floor((i * 56) / caseCount) + between(0, 1);
    const length = between(0, 3);
    const start = jstDay(now, startDay, between(8, 11));
    const end = jstDay(now, startDay + length, between(17, 21));
    const ended = end.getTime() < now.getTime();
    const started = start.getTime() <= now.getTime();
    const overdue = ended && i % 7 === 3;
    const lines: DemoLine[] = [];
    const wanted = between(4, 12);
    const used = new Set<string>();
    while (lines.length < wanted) {
      const title = pick(titles);
      if (used.has(title)) continue;
      used.add(title);
      lines.push({ title, quantity: between(1, 4), stillOut: overdue && lines.length < 2 });
    }
    cases.push({
      title: newCaseTitle(),
      note: random() < 0.4 ? "搬入は前日17時以降。駐車場の予約済み" : "",
      start,
      end,
      issuedAt: started ? new Date(start.getTime() - 2 * HOUR) : undefined,
      receivedAt: ended ? new Date(Math.min(end.getTime() + 3 * HOUR, now.getTime())) : undefined,
      lines,
    });
  }
  return { itemsCsv: `${rows.join("\n")}\n`, itemCount: titles.length, cases };
}
