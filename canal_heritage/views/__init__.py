"""Reusable views of the exhibit."""
