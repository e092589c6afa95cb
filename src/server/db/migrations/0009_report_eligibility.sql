-- Reports made before this counted toward the automatic hide, and keep counting (the default).
ALTER TABLE "reports" ADD COLUMN "counts_toward_hide" boolean DEFAULT true NOT NULL;