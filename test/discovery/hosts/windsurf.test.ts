import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/windsurf/*/expected.json (facts from ../shared/hosts.md).
runScenarios('windsurf');
