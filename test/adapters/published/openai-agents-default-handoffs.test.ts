// adapters/published.ts's "openai-agents-default-handoffs": its published verdict (test/support/published-adapter.ts).
import { describePublished } from "../../support/published-adapter.ts";

describePublished("openai-agents-default-handoffs");
