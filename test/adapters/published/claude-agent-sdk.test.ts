// adapters/published.ts's "claude-agent-sdk": its published verdict (test/support/published-adapter.ts).
import { describePublished } from "../../support/published-adapter.ts";

describePublished("claude-agent-sdk");
