import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/goose/*/expected.json (facts from ../shared/hosts.md).
runScenarios('goose');
