/**
 * `npm run seed-demo`: fills a new group of a RUNNING server (`npm start` in another terminal) with demo
 * data: categories of AV and event equipment, about 230 items, 40 cases over two months around today, with
 * shipped items issued, received and overdue. Prints the owner's login.
 *
 * Settings: SEED_URL (default http://localhost:3000), SEED_EMAIL, SEED_PASSWORD, SEED_GROUP.
 */
import { seedDemo } from "./seed/seedDemo";

const options = {
  base: process.env.SEED_URL || "http://localhost:3000",
  email: process.env.SEED_EMAIL || "demo@example.com",
  password: process.env.SEED_PASSWORD || "demo-password",
  groupName: process.env.SEED_GROUP || "デモ・イベント機材レンタル",
};

seedDemo(options).then(
  (r) => {
    console.info(
      `seeded "${options.groupName}": ${r.items} items, ${r.cases} cases, ${r.units} units allocated`,
    );
    console.info(`sign in at ${options.base}/login as ${options.email} / ${options.password}`);
  },
  (err: Error) => {
    console.error(`seed-demo: ${err.message}`);
    process.exit(1);
  },
);
