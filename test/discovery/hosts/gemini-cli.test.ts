import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/gemini-cli/*/expected.json (facts from ../shared/hosts.md).
runScenarios('gemini-cli');
