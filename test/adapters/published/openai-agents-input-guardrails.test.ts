// adapters/published.ts's "openai-agents-input-guardrails": its published verdict (test/support/published-adapter.ts).
import { describePublished } from "../../support/published-adapter.ts";

describePublished("openai-agents-input-guardrails");
