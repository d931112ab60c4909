import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/claude-code/*/expected.json (facts from ../shared/hosts.md).
runScenarios('claude-code');
