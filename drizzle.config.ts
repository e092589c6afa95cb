import { defineConfig } from "drizzle-kit";

// Used only to generate SQL migrations from the tables in src/server/db/schema/ (`npm run db:generate`).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./src/server/db/migrations",
});
