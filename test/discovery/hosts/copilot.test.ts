import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/copilot/*/expected.json (facts from ../shared/hosts.md).
runScenarios('copilot');
