export default ["packages/ai", "packages/agent", "packages/tui", "packages/coding-agent"];
