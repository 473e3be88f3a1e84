// adapters/published.ts's "vercel-ai-7": its published verdict (test/support/published-adapter.ts).
import { describePublished } from "../../support/published-adapter.ts";

describePublished("vercel-ai-7");
