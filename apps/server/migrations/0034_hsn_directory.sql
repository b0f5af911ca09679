-- The GST portal's HSN/SAC directory in the database (issue 20), loaded at start-up when missing or changed.
CREATE TABLE "hsn_directory" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"level" text NOT NULL,
	"description" text NOT NULL,
	"context" text
);
