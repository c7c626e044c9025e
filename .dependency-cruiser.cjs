// Dependencies run one way (docs/decisions.md, "One-way dependencies"). `npm run lint` runs this.
//
// - No import cycles between modules.
// - Shared layers never import features: backend lib/, middlewares/, db/, realtime/, allocation/; frontend
//   lib/, components/; common/ imports neither backend nor frontend.
// - A feature uses another feature only through that feature's index.ts (its public surface), and only a
//   feature below it in FEATURE_ORDER, so features cannot depend on each other in a circle.
// - A file of a backend feature says its role by the last part of its name (rule feature-file-role).
// - Tests and testkits are exempt from the feature rules (a test may drive several features), not from
//   the shared-layer rule's spirit: they are never imported by production code (rule no-test-imports).

/** Backend features, lowest first: each may use (through index.ts) only features listed before it. */
const BACKEND_FEATURE_ORDER = [
  "health",
  "categories",
  "groups",
  "auth",
  "members",
  "signup",
  "items",
  "inventory",
  "orderitems",
  // 個体管理 (docs/units.md): units, tracking, their page and labels; binding lives in orderitems.
  "units",
  // セット品: books its parts as order items (orderitems), answers with the case's summary rows (inventory).
  "sets",
  "workcases",
  // 外部手配: hires drawn by availability, listed by exports (and the board); uses allocation only.
  "subrentals",
  "warehouse",
  "imports",
  "exports",
  "presence",
  "availability",
  "history",
  // Mails and webhooks: the notifier's statements queue them (deliveryCtes).
  "delivery",
  "notifications",
  "calendar",
];
/** Frontend features: none imports another today; list them here, lowest first, when one must. */
const FRONTEND_FEATURE_ORDER = [
  // The profile's feed settings (auth's member edit), the case screen's .ics button (orderitems).
  "calendar",
  // The profile's mail choices (auth's member edit).
  "delivery",
  "auth",
  // Below the screens that mount their chips and buttons (orderitems, warehouse).
  "presence",
  // Below the screens that show a history (orderitems, items).
  "history",
  // The bell, mounted by the app shell.
  "notifications",
  "packlist",
  // Why is it short? and the timeline: mounted by orderitems, items and workcases.
  "availability",
  // 外部手配: the form offered from a refusal (orderitems' 外部手配で補う) and its own page.
  "subrentals",
  "categories",
  // 個体管理 (docs/units.md): the item screen's units and the board's unit scan mount its parts.
  "units",
  "items",
  // セット品: its live catalogue is used by the case screen (orderitems).
  "sets",
  "members",
  "orderitems",
  "workcases",
  "warehouse",
];

const TESTS = "\\.(test|testkit|e2e)\\.tsx?$|/test/";

/**
 * What a file of a backend feature is for, said by the last part of its name (docs/architecture.md, "Inside a
 * server feature"): its HTTP routes, a service (transactions, rules) or a part a service is split into, its
 * SQL, the shapes that leave, who may do what, reading a request's input, and tests.
 */
const BACKEND_FEATURE_ROLES = {
  routes: "the feature's HTTP routes",
  service: "a use case: transactions and rules (also a starter such as the hold sweeper)",
  queries: "SQL (the only place for it)",
  presenter: "the shape that leaves (answers, events)",
  policy: "who may do what",
  input: "reading and checking what a request brings (parameters, files)",
  schema: "the zod schema of what a request brings",
  status: "part of a service: a status change and what it sets off",
  stock: "part of a service: an item's stock change",
  history: "part of a service: its history entries",
  locks: "part of a service: the locks it takes",
  publish: "part of a service: the events it queues",
  tally: "part of a service: a count it computes",
  binding: "part of a service: the units a movement binds (docs/units.md)",
  test: "a test",
  testkit: "helpers of tests",
  d: "a type declaration",
};
const FEATURE_FILE_NAMES = `^backend/src/features/[^/]+/(index\\.ts|[^/]+\\.(${Object.keys(BACKEND_FEATURE_ROLES).join("|")})\\.ts)$`;

const featureOrderRules = (side, order) =>
  order.map((feature, rank) => ({
    name: `feature-order (${side} ${feature})`,
    comment: `${side}/src/features/${feature} may only use features listed before it in ${side.toUpperCase()}_FEATURE_ORDER of .dependency-cruiser.cjs (${order.slice(0, rank).join(", ") || "none"}): dependencies between features run one way. Move what both need to a shared layer, or turn the dependency around.`,
    severity: "error",
    from: { path: `^${side}/src/features/${feature}/`, pathNot: TESTS },
    to: {
      path: `^${side}/src/features/([^/]+)/`,
      pathNot: [`^${side}/src/features/(${order.slice(0, rank + 1).join("|")})/`],
    },
  }));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "This import closes a cycle: the modules depend on each other in a circle. Move the shared part to a module both can import (lib/, a type of its own), or pass it in from the composition root (server.ts).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "feature-internals",
      comment:
        "A feature may only import another feature through its index.ts (the feature's public surface). Export what you need there, or move the shared piece to lib/, middlewares/ or common/.",
      severity: "error",
      from: { path: "^(backend|frontend)/src/features/([^/]+)/", pathNot: TESTS },
      to: {
        path: "^$1/src/features/[^/]+/",
        pathNot: ["^$1/src/features/$2/", "^$1/src/features/[^/]+/index\\.tsx?$"],
      },
    },
    ...featureOrderRules("backend", BACKEND_FEATURE_ORDER),
    ...featureOrderRules("frontend", FRONTEND_FEATURE_ORDER),
    {
      name: "unknown-feature",
      comment:
        "A feature folder that is not listed in BACKEND_FEATURE_ORDER / FRONTEND_FEATURE_ORDER of .dependency-cruiser.cjs: add it there, at the place its dependencies give it.",
      severity: "error",
      from: { pathNot: TESTS },
      to: {
        path: "^(backend|frontend)/src/features/",
        pathNot: [
          `^backend/src/features/(${BACKEND_FEATURE_ORDER.join("|")})/`,
          `^frontend/src/features/(${FRONTEND_FEATURE_ORDER.join("|")})/`,
        ],
      },
    },
    {
      name: "shared-imports-feature",
      comment:
        "Shared layers (backend lib/, middlewares/, db/, realtime/, allocation/; frontend lib/, components/) must not import a feature: features depend on them, not the other way round. Pass the feature's part in from the composition root (backend server.ts, frontend app/).",
      severity: "error",
      from: {
        path: "^(backend/src/(lib|middlewares|db|realtime|allocation)|frontend/src/(lib|components))/",
        pathNot: TESTS,
      },
      to: { path: "^(backend|frontend)/src/features/" },
    },
    {
      name: "feature-file-role",
      comment: `A file of backend/src/features/<feature>/ says its role by the last part of its name: index.ts (the feature's public surface) or <name>.<role>.ts, a role one of ${Object.entries(
        BACKEND_FEATURE_ROLES,
      )
        .map(([role, what]) => `.${role}.ts (${what})`)
        .join(
          ", ",
        )}. Rename the file to the role it plays (and its imports), split it if it plays two, or, for a new kind of file, add its role to BACKEND_FEATURE_ROLES in .dependency-cruiser.cjs and to docs/architecture.md.`,
      severity: "error",
      // A rule on the module itself, whoever imports it (none, for a test): dependency-cruiser's dependents
      // rule with the highest bound it accepts; no feature file has anywhere near 100 importers.
      module: {
        path: "^backend/src/features/",
        pathNot: FEATURE_FILE_NAMES,
        numberOfDependentsLessThan: 100,
      },
      from: {},
    },
    {
      name: "api-in-api-files",
      comment:
        "A feature talks to the server through its RTK Query endpoints, declared in a *Api.ts file (injectEndpoints on lib/api.ts); a hook (use*.ts) may use the api's util. Move the call into the feature's *Api.ts and use its generated hook.",
      severity: "error",
      from: {
        path: "^frontend/src/features/",
        pathNot: ["/[a-z][A-Za-z]*Api\\.ts$", "/use[A-Z][A-Za-z]*\\.tsx?$", TESTS],
      },
      to: { path: "^frontend/src/lib/api\\.ts$" },
    },
    {
      name: "common-imports-app",
      comment: "common/ is shared by the server and the web client: it must not import either.",
      severity: "error",
      from: { path: "^common/" },
      to: { path: "^(backend|frontend)/" },
    },
    {
      name: "no-test-imports",
      comment: "Production code must not import tests, testkits or test helpers.",
      severity: "error",
      from: { path: "^(backend|frontend|common)/src/", pathNot: TESTS },
      to: { path: TESTS },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
