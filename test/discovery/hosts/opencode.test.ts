import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/opencode/*/expected.json (facts from ../shared/hosts.md).
runScenarios('opencode');
