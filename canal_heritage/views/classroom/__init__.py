"""The classroom's pages: a student's device (/join) and the teacher's page (/teacher)."""
