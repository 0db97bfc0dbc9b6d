{%- set tplroot = tpldir.split('/')[0] %}
{%- from tplroot ~ "/map.jinja" import openssh with context %}
{%- from tplroot ~ "/libtofs.jinja" import files_switch with context %}

sshd_config:
  file.managed:
    - name: {{ openssh.sshd_config }}
    - source: {{ files_switch(['sshd_config'], lookup='sshd_config') }}
    - template: jinja
    - makedirs: True
    - mode: {{ openssh.sshd_config_mode }}
    - check_cmd: grep -q '^Port '
    - context:
        sshd_config: {{ salt['pillar.get']('sshd_config', {}) | json }}
        sftp_server: {{ openssh.sftp_server }}

{%- if salt['pillar.get']('openssh:banner') %}
ssh_banner:
  file.managed:
    - name: {{ openssh.banner }}
    - contents_pillar: openssh:banner
    - makedirs: True
    - watch_in:
      - service: openssh
{%- endif %}
