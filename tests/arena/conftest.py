"""The browser fixtures of the web tests (one headless Chromium per module)."""

from tests.web.conftest import browser, page

__all__ = ["browser", "page"]
