-- Data only: is_personalized had no effect before it chose the products of a message, and every
-- campaign's messages were personalised. Stored groups keep what they did: personalised.
-- (A group that is now refused for is_personalized false with {ph_customer.*} placeholders would
-- otherwise fail its next edit.)
UPDATE "campaign_groups" SET "is_personalized" = true WHERE "is_personalized" = false;
