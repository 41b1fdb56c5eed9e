-- The interface language a person chose in the app's menu (nl, en, de, es,
-- fr); NULL keeps the default rule (the model's language on the planner
-- screens, the browser's on the admin screens).
ALTER TABLE app_user ADD COLUMN language text CHECK (language IS NULL OR language IN ('nl', 'en', 'de', 'es', 'fr'));
