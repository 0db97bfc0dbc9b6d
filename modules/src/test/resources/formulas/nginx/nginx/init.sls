# -*- coding: utf-8 -*-
# vim: ft=sls
include:
  - .pkg
  - .config
  - .service
  - .servers
