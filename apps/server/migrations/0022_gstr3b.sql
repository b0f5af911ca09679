-- GSTR-3B (issue 19): a return per location and period with what was computed and what the user entered, the ids
-- behind each computed figure (the drill-down), and the timeline.
CREATE TABLE "gstr3b_figure_sources" (
	"return_id" integer NOT NULL,
	"figure" text NOT NULL,
	"place_of_supply" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"ids" bigint[] NOT NULL,
	CONSTRAINT "gstr3b_figure_sources_return_id_figure_place_of_supply_kind_pk" PRIMARY KEY("return_id","figure","place_of_supply","kind")
);
--> statement-breakpoint
CREATE TABLE "gstr3b_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"message" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gstr3b_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"gstin" text NOT NULL,
	"return_period" text NOT NULL,
	"frequency" text DEFAULT 'monthly' NOT NULL,
	"financial_year" text NOT NULL,
	"status" text DEFAULT 'NotSubmitted' NOT NULL,
	"computed" jsonb,
	"computed_at" timestamp with time zone,
	"computed_by" integer,
	"user_figures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_saved_at" timestamp with time zone,
	"filed_at" timestamp with time zone,
	"arn" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gstr3b_figure_sources" ADD CONSTRAINT "gstr3b_figure_sources_return_id_gstr3b_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."gstr3b_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gstr3b_history" ADD CONSTRAINT "gstr3b_history_return_id_gstr3b_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."gstr3b_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD CONSTRAINT "gstr3b_returns_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gstr3b_returns" ADD CONSTRAINT "gstr3b_returns_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gstr3b_history_return" ON "gstr3b_history" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gstr3b_returns_key" ON "gstr3b_returns" USING btree ("subscriber_id","entity_id","return_period");