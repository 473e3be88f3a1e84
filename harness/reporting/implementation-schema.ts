// What a JSON report says of the implementation (report.ts, ReportedImplementation), as the
// commands that read reports back (matrix, report-issue) check it.
import { z } from "zod";

export const ReportedImplementationSchema = z.object({
  name: z.string(),
  version: z.string(),
  capabilities: z.array(z.string()),
  transportLimits: z.array(z.string()).optional(),
  components: z.record(z.string(), z.string()).optional(),
  runBy: z.union([z.object({ how: z.literal("in-process"), module: z.string(), node: z.string().optional() }), z.object({ how: z.literal("stdio"), command: z.string() })]).optional(),
});
