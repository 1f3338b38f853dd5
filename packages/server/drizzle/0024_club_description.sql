-- A club says what it is about: asked for at creation, shown where clubs are found.
ALTER TABLE "clubs" ADD COLUMN "description" text DEFAULT '' NOT NULL;